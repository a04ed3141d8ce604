seq 1 3 | split -l 1 -a 3
ls
