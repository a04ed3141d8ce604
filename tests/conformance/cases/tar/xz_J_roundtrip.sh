mkdir d; printf 'gamma\n' > d/c
tar cJf a.txz d && mkdir x && tar xJf a.txz -C x; echo "status $?"
find x | sort; cat x/d/c
xz -t a.txz && echo xz-ok
