bc --help
