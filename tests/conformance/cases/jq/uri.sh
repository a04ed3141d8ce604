jq -rn '"a b&c=d/é?~-_." | @uri'
