# Symlinks whose targets name themselves many times over: resolving them
# for `realpath`, `readlink -f` and `ln -r` expands at most 40 links per
# name (ELOOP after that), so the work stays bounded however the targets
# multiply.
# expect-stop: none
# expect-stdout: status 1
# expect-stdout: status 1
# expect-stdout: status 1
# expect-stdout: done
# expect-stderr-contains: realpath: a: Too many levels of symbolic links
t=a; for i in 1 2 3 4 5 6 7 8 9 10; do t="$t/$t"; done
ln -s "$t" a
realpath a; echo "status $?"
readlink -e a; echo "status $?"
realpath -m a/b/c; echo "status $?"
ln -sr a/x r 2>/dev/null; echo done
