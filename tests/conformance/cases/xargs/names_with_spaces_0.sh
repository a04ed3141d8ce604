printf 'one\n' > 'my file'
printf 'my file\0' | xargs -0 cat
