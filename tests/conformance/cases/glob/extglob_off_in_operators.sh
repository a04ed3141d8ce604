# Without extglob, @( ) and friends are plain text in ${v/p/r}, ${v#p}
# and case patterns from variables; [[ == ]] reads them always.
v=abc
echo "${v/@(b)/X} ${v#@(a)} ${v%%+(c)} ${v//!(b)/-} ${v/?(a)/Y}"
p='@(b)'
[[ b == $p ]] && echo "[[ ]] from a variable"
case b in $p) echo "case matched" ;; *) echo "case: no match" ;; esac
lit='@(b)'
case "$lit" in $p) echo "case: literal text matches itself" ;; esac
shopt -s extglob
echo "${v/@(b)/X} ${v#@(a)} ${v%%+(c)} ${v//!(b)/-} ${v/?(a)/Y}"
case b in $p) echo "case matched with extglob" ;; esac
