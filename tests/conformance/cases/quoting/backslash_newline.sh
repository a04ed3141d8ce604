echo ab\
cd
echo "ef\
gh"
echo 'ij\
kl'
