export LC_ALL=C
tree
