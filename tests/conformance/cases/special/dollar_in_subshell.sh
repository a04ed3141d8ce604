main=$$
(echo "$(( $$ == main ))")
echo "$(echo $(( $$ == main )))"
