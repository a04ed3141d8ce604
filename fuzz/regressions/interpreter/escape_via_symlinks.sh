# /workspace/up -> .. and /workspace/out -> ../outside exist in host mode
echo pwned > out
echo pwned >> up/outside
mkdir -p up/evil; touch up/evil2 ../evil3
cat out up/outside > /dev/null
cd up && echo a > b; cd /workspace
cp /dev/null ../esc; mv out ../moved; cp -r /workspace up/copy
cd /workspace/..; echo x > /escaped; cd -
printf '%s\n' /workspace/* /workspace/.* /*
rm -rf up/ out /workspace/*
