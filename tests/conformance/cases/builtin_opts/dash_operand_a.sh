# check-stderr
echo x | read - 2>&1; echo "st=$?"
echo x | { read -- v; echo "$v"; }
type - 2>&1; echo "st=$?"
type -- -x 2>&1; echo "st=$?"
hash -- ; echo "st=$?"
help -- cd | head -1
help - 2>&1 | head -1
enable -n -- echo; enable -p | grep -c echo; enable echo
compgen -W 'a b' -- a
compgen -W 'a b' - 2>&1; echo "st=$?"
mapfile - 2>&1 </dev/null; echo "st=$?"
printf - ; echo; printf -- -; echo
umask - 2>&1; echo "st=$?"
ulimit - 2>&1; echo "st=$?"
ulimit -- 2>&1; echo "st=$?"
