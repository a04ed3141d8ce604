source <(echo 'sourced_var=42')
echo "$sourced_var"
