jq -nc '$__loc__'
jq -nc '1,
$__loc__'
