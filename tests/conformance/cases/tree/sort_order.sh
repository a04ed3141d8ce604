export LC_ALL=C
touch B a _c 1 Z; mkdir m; tree
