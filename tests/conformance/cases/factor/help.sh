factor --help | head -3
