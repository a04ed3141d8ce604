echo '{"a": [1, 2, {"b": null}], "c": "x"}' | jq -c .
