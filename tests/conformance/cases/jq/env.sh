FOO=bar jq -n -r 'env.FOO, $ENV.FOO'
FOO=bar jq -n '$ENV | type'
jq -n 'env.NOPE_NOT_SET'
