seq 1 5 > in
split -l 2 in
ls; cat xaa; echo --; cat xac
