trap "echo 'it''s'" EXIT
trap -p EXIT
