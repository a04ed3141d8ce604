mkdir d; printf 'auto\n' > d/f
tar czf a.tgz d; tar cjf a.tbz d; tar cJf a.txz d
for a in a.tgz a.tbz a.txz; do tar tf "$a"; done
mkdir x; tar xf a.txz -C x; cat x/d/f
