command time --help 2>&1 | head -n1
