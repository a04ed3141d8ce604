jq -rn '"hello world" | @base64'
jq -rn '"aGVsbG8gd29ybGQ=" | @base64d'
jq -rn '"YWI" | @base64d'
jq -rn '[1,2] | @base64'
