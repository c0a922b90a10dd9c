/* What the two files of the CPython binding share: module.c's conversions
   between Python values and the core's, and module_probes.c's table of entry
   points, which module.c's PyInit__core adds to the module. Python.h first,
   before any standard header, as the C API asks. */
#ifndef NAPOLEON_MODULE_H
#define NAPOLEON_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "napoleon_core.h"

PyObject *raise_core_error(void);
NcPos *pos_from(const NcRules *R, PyObject *piles, int redeals);
int load_position(PyObject *rules_list, PyObject *piles, int redeals, NcRules **R, NcPos **P);
PyObject *moves_to_list(const NcMove *mv, size_t n);
PyObject *lines_to_list(const NcResult *r, int bare);
PyObject *projections_tuple(const NcProjections *J);

extern PyMethodDef probe_methods[];

#endif
