export LC_ALL=C
touch only; tree
