while false; do :; done
echo "while: $? ${PIPESTATUS[@]}"
{ true | false; }
echo "brace: ${PIPESTATUS[@]}"
( exit 3 )
echo "subshell: ${PIPESTATUS[@]}"
for i in 1; do false | true; done
echo "for: ${PIPESTATUS[@]}"
[[ a == b ]]
echo "test: ${PIPESTATUS[@]}"
