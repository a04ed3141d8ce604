# check-stderr
f() { :; }; alias ll=ls
type -a f; echo "st=$?"
type -f f; echo "st=$?"
type -af echo | head -1
type -t f ll if echo; echo "st=$?"
type -p f; echo "st=$?"
type -P f; echo "st=$?"
type -fp ll; echo "st=$?"
hash -l; echo "st=$?"
hash -p /bin/x myx; hash -t myx; hash -l
hash -d myx; hash -t myx; echo "st=$?"
hash -r; hash; echo "st=$?"
enable -n echo; enable -n | head -3; enable echo
enable -s | head -3
enable -a | head -2
enable -p | head -2
enable -d echo; echo "st=$?"
enable nosuch; echo "st=$?"
help -d cd echo
help -s cd
help -ds cd
enable -s | tr "\n" " "
enable -d nosuch; echo "st=$?"
enable -d | wc -l
