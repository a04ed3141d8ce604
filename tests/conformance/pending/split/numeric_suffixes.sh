seq 1 5 | split -l 1 -d
ls
