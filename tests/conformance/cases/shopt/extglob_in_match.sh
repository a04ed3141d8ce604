shopt -s extglob
x=aaab
[[ $x == +(a)b ]] && echo plus
case foo.txt in *.@(txt|md)) echo text;; esac
echo "${x##+(a)}"
