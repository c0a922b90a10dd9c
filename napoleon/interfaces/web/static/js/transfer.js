// A game taken from one browser (or computer) to another: Export saves the file napoleon export
// writes, Import reads it back as napoleon import does. The file and every check of it are the
// web app's; the page only carries the text.

import { api } from "./api.js";
import { keptForGood } from "./backend.js";
import { $, sentence } from "./util.js";

/** Offer game ``id``'s file for saving, named as the web app names it. */
export async function exportGame(id) {
  save(await api.exportFile(id));
}

/** Offer the file of every game for saving (to keep, or to take to another device). */
export async function exportAll() {
  save(await api.exportAll());
}

function save({ text, name }) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

/** The statistics page's Import: the chosen file goes to the web app; ``done()`` redraws the page. */
export function wireImport(app, done) {
  $("export-all").addEventListener("click", () => exportAll().catch((err) => {
    $("import-status").textContent = err.message;
  }));
  const input = $("import-file");
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    try {
      const imported = await api.importText(await file.text());
      keptForGood(true);  // games brought here to keep (not waited for: Firefox asks the player)
      await done();
      $("import-status").textContent = imported.text || sentence("imported_as", { id: imported.id });
    } catch (err) {
      $("import-status").textContent = err.message;
    } finally {
      input.value = "";
    }
  });
}
