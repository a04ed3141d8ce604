echo 'x=10; x+=5; x-=3; x*=2; x/=4; x%=4; x' | bc
