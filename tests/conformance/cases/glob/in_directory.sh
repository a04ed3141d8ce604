mkdir d
touch d/x d/y d/.z
echo d/*
