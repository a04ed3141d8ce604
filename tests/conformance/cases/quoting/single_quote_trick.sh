echo 'it'\''s'
echo 'a'"'"'b'
