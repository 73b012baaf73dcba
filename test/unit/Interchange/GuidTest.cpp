//===- GuidTest.cpp - Guid value type -------------------------------------===//

#include "opencgc/Interchange/Guid.h"

#include "gtest/gtest.h"

using namespace opencgc;

namespace {

const Guid kInput = {0x7fc4f23f,
                     0x2474,
                     0x4ae8,
                     {0xae, 0x7a, 0x27, 0x22, 0x11, 0x8b, 0x35, 0x0e}};

TEST(GuidTest, StrIsUpperCaseRegistryForm) {
  EXPECT_EQ(kInput.str(), "{7FC4F23F-2474-4AE8-AE7A-2722118B350E}");
  EXPECT_EQ(Guid().str(), "{00000000-0000-0000-0000-000000000000}");
}

TEST(GuidTest, BytesUseWindowsLayout) {
  std::array<uint8_t, 16> expected = {0x3f, 0xf2, 0xc4, 0x7f, 0x74, 0x24,
                                      0xe8, 0x4a, 0xae, 0x7a, 0x27, 0x22,
                                      0x11, 0x8b, 0x35, 0x0e};
  EXPECT_EQ(kInput.toBytes(), expected);
  EXPECT_EQ(Guid::fromBytes(expected), kInput);
}

TEST(GuidTest, Equality) {
  Guid other = kInput;
  EXPECT_EQ(other, kInput);
  other.data4[7] ^= 1;
  EXPECT_NE(other, kInput);
  other = kInput;
  other.data3 ^= 1;
  EXPECT_NE(other, kInput);
}

TEST(GuidTest, ParseAcceptsBracesAndAnyCase) {
  EXPECT_EQ(Guid::parse("{7FC4F23F-2474-4AE8-AE7A-2722118B350E}"), kInput);
  EXPECT_EQ(Guid::parse("7fc4f23f-2474-4ae8-ae7a-2722118b350e"), kInput);
  EXPECT_EQ(Guid::parse(kInput.str()), kInput);
}

TEST(GuidTest, ParseRejectsMalformedText) {
  for (const char *text : {"", "{}", "{7FC4F23F-2474-4AE8-AE7A-2722118B350E",
                           "7FC4F23F-2474-4AE8-AE7A-2722118B350E}",
                           "7FC4F23F-2474-4AE8-AE7A-2722118B350",
                           "7FC4F23F-2474-4AE8-AE7A-2722118B350E0",
                           "7FC4F23F24744AE8AE7A2722118B350E",
                           "7FC4F23G-2474-4AE8-AE7A-2722118B350E",
                           "+FC4F23F-2474-4AE8-AE7A-2722118B350E"})
    EXPECT_FALSE(Guid::parse(text)) << text;
}

} // namespace
