f=$(mktemp -p . --suffix=.txt dataXXXX)
case $f in */data????.txt) echo ok;; *) echo "bad $f";; esac
