"""The lab the tests and the benchmarks share: private networks of namespaces, real `hoard`
processes and windows driven by clicks, and hostile strangers. It ships with tools/ because
the benchmarks run from an installed hoard, which has no tests/."""
