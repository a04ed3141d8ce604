: <> new.txt
[ -f new.txt ] && echo created
