# Quoted text inside a bracket expression of a [[ =~ ]] regex is put in
# without backslashes, as bash does: ["a-z"] is the range [a-z]; outside
# brackets quoted text matches literally.
[[ a =~ ["a-z"] ]]; echo "a $?"
[[ - =~ ["a-z"] ]]; echo "- $?"
[[ b =~ ['a-z'] ]]; echo "b $?"
[[ z =~ ['a-z'] ]]; echo "z $?"
[[ . =~ "." ]]; echo ". $?"; [[ z =~ "." ]]; echo "z. $?"
[[ x =~ [[:alpha:]"."] ]]; echo "cls $?"
[[ . =~ [[:alpha:]"."] ]]; echo "cls. $?"
[[ ab =~ ^["a"]b$ ]]; echo "ab $?"
[[ ']' =~ []] ]]; echo "rb $?"
[[ 'x.y' =~ x"."y ]]; echo "dot $?"
[[ 'xzy' =~ x"."y ]]; echo "dotz $?"
[[ '\' =~ ["\\"] ]]; echo "bs $?"
