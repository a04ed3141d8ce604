mkdir mytmp
f=$(TMPDIR=mytmp mktemp -t zzXXXX); case $f in mytmp/zz????) echo ok;; *) echo "bad $f";; esac
