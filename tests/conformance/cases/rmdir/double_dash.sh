mkdir -- -d; rmdir -v -- -d
