set -- 'a b' c
for w in "$@"; do echo "at[$w]"; done
for w in "$*"; do echo "star[$w]"; done
for w in $*; do echo "ustar[$w]"; done
for w in $@; do echo "uat[$w]"; done
