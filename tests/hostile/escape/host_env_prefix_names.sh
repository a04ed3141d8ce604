# ... nor `${!A*}`-style name listings, `compgen -v`, or direct use.
# env-host: AWS_SESSION_TOKEN=hostile-env-secret-sess0004
# env-host: ANTHROPIC_API_KEY=hostile-env-secret-sk0005
# expect-stop: none
# expect-stdout: []
# expect-stdout: [] []
# expect-stdout: found=1
echo "[${!A*}]"
echo "[$AWS_SESSION_TOKEN]" "[${ANTHROPIC_API_KEY-}]"
compgen -v 2>/dev/null | grep -E '^(AWS|ANTHROPIC)'
echo "found=$?"
