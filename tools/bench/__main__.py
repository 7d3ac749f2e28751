import argparse
import importlib
import json
import sys

from tools.bench import BENCHMARKS
from tools.lab.bytecode import compile_sources


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__)
    sub = parser.add_subparsers(dest="bench", required=True)
    modules = {}
    for name in BENCHMARKS:
        module = importlib.import_module(f"tools.bench.{name}")
        modules[name] = module
        summary = module.__doc__.splitlines()[0].replace("%", "%%")  # argparse formats help
        module.add_arguments(sub.add_parser(name, help=summary))
    args = parser.parse_args(argv)
    compile_sources()  # the processes it starts read bytecode, as on a person's computer
    print(json.dumps(modules[args.bench].run(args), sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
