# Brace expansion applies to command words and array elements, not to
# assignment values, `case` words and patterns, here-strings or `[[ ]]`.
x={a,b}; echo "$x"
x+={k,l}; echo "$x"
case {a,b} in "{a,b}") echo literal-case-word;; esac
case a in {a,b}) echo expanded;; *) echo pattern-not-expanded;; esac
cat <<< {e,f}
[[ {a,b} == "{a,b}" ]] && echo dbracket-literal
arr=({a,b}); echo ${#arr[@]}
arr+=({m,n}); echo "${arr[@]}"
b[1]={o,p}; echo "${b[1]}"
declare y={c,d}; echo "$y"
f() { local w={i,j}; echo "$w"; }; f
