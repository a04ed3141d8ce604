jq -nc '"\u0000\u001f\u007f é" | tojson'
jq -c . <<< '"\u00e9\ud83d\ude00"'
jq -ac . <<< '"\u00e9\ud83d\ude00"'
