f() { local -; set -e; }
f
case $- in *e*) echo errexit leaked;; *) echo errexit restored;; esac
