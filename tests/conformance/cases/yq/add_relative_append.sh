# from mikefarah/yq docs: operators/add "Relative append" (without the empty flow map a3)
printf 'a:\n  a1:\n    b:\n      - cat\n  a2:\n    b:\n      - dog\n' > sample.yml
yq '.a[].b += ["mouse"]' sample.yml
