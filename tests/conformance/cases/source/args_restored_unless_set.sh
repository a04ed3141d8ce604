# source with arguments: the caller's come back after the file, even
# when it shifted them; not when it gave new ones with set.
printf 'shift\necho "in: $*"\n' > lib1.sh
printf 'set -- new\n' > lib2.sh
set -- A B
source ./lib1.sh x y; echo "1: $*"
source ./lib2.sh x y; echo "2: $*"
source ./lib2.sh; echo "3: $*"
set -- A B
source ./lib1.sh; echo "4: $*"
f() { source ./lib1.sh p q; echo "f: $*"; }
f m n
. ./lib1.sh only; echo "5: $*"
