printf 'a\nb\nc\n' > f
sed '2i\inserted' f
sed '2a appended' f
sed '2c\changed' f
sed '1,2c\both' f
sed '$a\
end line 1\
end line 2' f
sed '1i\   leading kept' f
sed '/b/a\' f
sed -e '1a\' -e 'from next -e' f
sed '2a tab\there' f
