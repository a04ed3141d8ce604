seq 1 4 | split -l 3 - part_
ls; cat part_ab
