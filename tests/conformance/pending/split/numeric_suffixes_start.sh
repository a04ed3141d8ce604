seq 1 3 | split -l 1 --numeric-suffixes=5
ls
