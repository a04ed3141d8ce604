# check-stderr
n=$(nproc)
[ "$(nproc --ignore=1)" -ge 1 ] && echo ge1
[ "$(nproc --ignore=100000)" = 1 ] && echo one
[ "$(nproc --all)" -ge "$n" ] && echo all
nproc --ignore=x; echo "[$?]"
nproc --ignore=-1; echo "[$?]"
