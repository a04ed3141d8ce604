# A here-document whose expansion is 12 MB.
# expect-stop: memory
big=$(printf '%*s' 1000000 '')
cat <<END >/dev/null
$big$big$big$big$big$big$big$big$big$big$big$big
END
echo "not reached"
