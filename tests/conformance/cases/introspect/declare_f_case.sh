h() { case $1 in a) echo A;; *) echo other;; esac; }
declare -f h
