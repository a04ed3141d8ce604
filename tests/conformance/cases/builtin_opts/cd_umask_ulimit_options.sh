# check-stderr
umask 0022; umask; umask -S; umask -p; umask -pS
umask u=rwx,g=rx,o=; umask; umask -S
umask g+w; umask -S
umask a-w; umask -S
umask 8; echo "st=$?"
umask u=q; echo "st=$?"
umask -S 027; umask
ulimit -f; ulimit -Sf 100; ulimit -f
ulimit -f 50 -n 40; ulimit -f; ulimit -n
ulimit -fn; echo "st=$?"
ulimit -a | head -3
ulimit -Ha | head -2
ulimit -x; echo "st=$?"
ulimit -n 10 20; echo "st=$?"
mkdir -p d/e; ln -s d/e l 2>/dev/null
cd -P l 2>/dev/null && echo "${PWD##*/}"; cd - >/dev/null
cd -L l 2>/dev/null && echo "${PWD##*/}"; cd - >/dev/null
cd -e nosuch 2>&1; echo "st=$?"
cd -P -e . ; echo "st=$?"
cd -@ . 2>&1; echo "st=$?"
cd d e 2>&1; echo "st=$?"
OLDPWD= cd - 2>&1; echo "st=$?"
unset OLDPWD; cd - 2>&1; echo "st=$?"
HOME= cd; echo "st=$?"
