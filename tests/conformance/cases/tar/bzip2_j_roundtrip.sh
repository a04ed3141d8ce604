mkdir d; printf 'beta\n' > d/b
tar cjf a.tbz d && mkdir x && tar xjf a.tbz -C x; echo "status $?"
find x | sort; cat x/d/b
bzip2 -t a.tbz && echo bzip2-ok
