export LC_ALL=C
mkdir d; tree
